import { useState, useSyncExternalStore } from 'react';
import Button from 'react-bootstrap/Button';
import {
  dismissInstall,
  installDismissed,
  installPrompt,
  isAppleMobile,
  promptInstall,
  runningInstalled,
  subscribeInstallPrompt,
} from '@/lib/phone/install';
import { phoneTexts as t } from './phone-texts';
import './phone.css';

/**
 * "Install SWAZ" where the browser offers installing, the Add-to-Home-Screen steps on iPhone and
 * iPad; nothing once installed, and nothing for a month after "Not now".
 */
export function InstallCard() {
  const prompt = useSyncExternalStore(subscribeInstallPrompt, installPrompt);
  const [hidden, setHidden] = useState(() => runningInstalled() || installDismissed());
  const apple = isAppleMobile(navigator.userAgent, navigator.maxTouchPoints);
  if (hidden || (!prompt && !apple)) return null;

  const dismiss = () => {
    dismissInstall();
    setHidden(true);
  };

  return (
    <section className="swaz-install card mb-4" aria-labelledby="swaz-install-title" data-testid="install-card">
      <div className="card-body d-flex gap-3 align-items-start">
        <img src="/icons/icon-192.png" alt="" width={48} height={48} className="swaz-install-icon" />
        <div className="flex-grow-1">
          <h2 id="swaz-install-title" className="h5 mb-1">
            {t.installTitle}
          </h2>
          {prompt ? (
            <>
              <p className="mb-3">{t.installLead}</p>
              <div className="d-flex flex-wrap gap-2">
                <Button className="swaz-touch" onClick={() => void promptInstall()}>
                  {t.install}
                </Button>
                <Button variant="outline-secondary" className="swaz-touch" onClick={dismiss}>
                  {t.notNow}
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className="mb-2">{t.iosLead}</p>
              <ol className="mb-3">
                {t.iosSteps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
              <Button variant="outline-secondary" className="swaz-touch" onClick={dismiss}>
                {t.gotIt}
              </Button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
