import { useId } from 'react';

const VALUES = ['1', '2', '3', '4', '5'];

/**
 * One 1-5 scale: a group of five native radio buttons named by its legend, with words at both
 * ends. Arrow keys move between the choices; each label is a large target on a phone.
 */
export function ScaleField({
  name,
  label,
  low,
  high,
  value,
  onChange,
  invalid,
}: {
  name: string;
  label: string;
  low: string;
  high: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  const endsId = `${useId()}-ends`;
  return (
    <fieldset className="checkin-scale mb-3" aria-describedby={endsId} data-testid={`checkin-${name}`}>
      <legend className="h6 fw-semibold mb-2">
        {label}
        {invalid && <span className="visually-hidden"> (required)</span>}
      </legend>
      <div className="checkin-scale-options">
        {VALUES.map((v) => (
          <label key={v} className={`btn checkin-scale-option ${value === v ? 'btn-primary' : 'btn-outline-primary'} ${invalid ? 'is-invalid' : ''}`}>
            <input
              type="radio"
              className="checkin-scale-input"
              name={name}
              value={v}
              checked={value === v}
              onChange={(event) => onChange(event.currentTarget.value)}
              aria-label={v === '1' ? `1, ${low}` : v === '5' ? `5, ${high}` : v}
            />
            <span aria-hidden>{v}</span>
          </label>
        ))}
      </div>
      <div id={endsId} className="d-flex justify-content-between small text-body-secondary mt-1">
        <span>1 · {low}</span>
        <span>5 · {high}</span>
      </div>
    </fieldset>
  );
}
