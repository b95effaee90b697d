import ToggleButton from 'react-bootstrap/ToggleButton';
import { planningTexts as t } from '../texts';

const RATINGS = Array.from({ length: 10 }, (_, index) => String(index + 1));

/** A 1-10 self-rating as a row of radio buttons; the chosen one stays highlighted. */
export function RatingInput({
  name,
  value,
  onChange,
  labelledBy,
  describedBy,
  invalid,
}: {
  name: string;
  value: string;
  onChange: (value: string) => void;
  labelledBy: string;
  describedBy: string;
  invalid: boolean;
}) {
  return (
    <div>
      <div
        role="radiogroup"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        className="planning-rating gap-2"
      >
        {RATINGS.map((rating) => (
          <ToggleButton
            key={rating}
            id={`${name}-${rating}`}
            type="radio"
            name={name}
            value={rating}
            checked={value === rating}
            onChange={(event) => onChange(event.currentTarget.value)}
            variant={value === rating ? 'primary' : 'outline-primary'}
          >
            {rating}
          </ToggleButton>
        ))}
      </div>
      <div className="d-flex justify-content-between small text-muted mt-1 planning-rating-scale" aria-hidden>
        <span>1 · {t.ratingLow}</span>
        <span>10 · {t.ratingHigh}</span>
      </div>
    </div>
  );
}
