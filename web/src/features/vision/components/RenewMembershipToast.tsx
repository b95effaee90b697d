import { visionTexts } from '../texts';

/**
 * Toast body for a save refused for lack of membership. Toasts render outside
 * the router, so the plans page is a plain link.
 */
export function RenewMembershipToast({ message }: { message: string }) {
  return (
    <div>
      <p className="mb-1">{message}</p>
      <a href="/choose-a-plan" className="fw-semibold">
        {visionTexts.renewMembership}
      </a>
    </div>
  );
}
