import { useState } from 'react';
import type { AthleticVision } from '@/lib/queries/vision';
import { useVersions } from '../api/get-versions';
import { answerKey, answerKeys } from '../steps';
import { visionSteps, visionTexts as t } from '../texts';
import { formatLongDate } from './format';

/**
 * 'Earlier versions': the kept visions other than the current one, newest
 * first, loaded when the list is first opened.
 */
export function VersionsList({ current }: { current: AthleticVision }) {
  const [opened, setOpened] = useState(false);
  const versions = useVersions({ enabled: opened });
  const earlier = (versions.data ?? []).filter((version) => answerKeys.some((key) => version[key] !== current[key]));

  return (
    <details className="vision-versions" onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className="h5">{t.earlierVersions}</summary>
      {versions.isPending && opened && <p className="text-muted">{t.loadingAnswer}</p>}
      {versions.isError && <p className="text-danger">{versions.error.message}</p>}
      {versions.isSuccess && earlier.length === 0 && <p className="text-muted">{t.noEarlierVersions}</p>}
      {earlier.map((version) => (
        <section key={version.version} className="vision-version">
          <h3 className="h6">{t.versionLabel(version.version, formatLongDate(version.updatedAt))}</h3>
          <dl className="vision-answers small">
            {visionSteps.map((step) => (
              <div key={step.order} className="vision-answer">
                <dt>{step.title}</dt>
                <dd className="vision-answer-text">{version[answerKey(step)]}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </details>
  );
}
