import BsSpinner from 'react-bootstrap/Spinner';
import { Fade } from './Fade';

/** SPEC §9: the spinner fades in over 350 ms. */
export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <Fade in duration={350}>
      <div className="d-flex justify-content-center py-5">
        <BsSpinner animation="border" role="status" variant="primary">
          <span className="visually-hidden">{label}</span>
        </BsSpinner>
      </div>
    </Fade>
  );
}
