import Placeholder from 'react-bootstrap/Placeholder';

/** Bootstrap placeholders shown while an account screen loads (SPEC §2). */
export function SkeletonLines({ lines = 3, label }: { lines?: number; label: string }) {
  const widths = [6, 4, 8, 5, 7, 3];
  return (
    <div role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: lines }, (_, index) => (
        <Placeholder key={index} as="p" animation="glow" className="mb-3">
          <Placeholder xs={widths[index % widths.length]} size="lg" />
        </Placeholder>
      ))}
    </div>
  );
}
