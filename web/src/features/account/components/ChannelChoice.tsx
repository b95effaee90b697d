import { Fragment } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { CHANNELS } from '../channels';
import { accountTexts } from '../texts';

const t = accountTexts.notifications;

/**
 * "Send as: Notification / E-mail / Both" under one reminder: three radio buttons drawn as one
 * segmented control, each at least 44 px high.
 */
export function ChannelChoice({
  id,
  label,
  field,
  underSwitch = true,
}: {
  id: string;
  label: string;
  field: UseFormRegisterReturn;
  /** Lined up with a switch's label above it. */
  underSwitch?: boolean;
}) {
  return (
    <div
      className={`d-flex align-items-center flex-wrap gap-2 mb-3 ${underSwitch ? 'ms-5' : ''}`}
      role="radiogroup"
      aria-label={label}
    >
      <span className="text-muted small" aria-hidden="true">
        {t.sendAs}
      </span>
      <div className="btn-group">
        {CHANNELS.map((channel) => (
          <Fragment key={channel}>
            <input type="radio" className="btn-check" id={`${id}-${channel}`} value={channel} autoComplete="off" {...field} />
            <label className="btn btn-outline-primary d-inline-flex align-items-center" style={{ minHeight: 44 }} htmlFor={`${id}-${channel}`}>
              {t.channels[channel]}
            </label>
          </Fragment>
        ))}
      </div>
    </div>
  );
}
