import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import BsSpinner from 'react-bootstrap/Spinner';
import Tooltip from 'react-bootstrap/Tooltip';
import { useCreateInviteLink, type InviteLink } from '../api/create-invite-link';
import { useInviteLink } from '../api/get-invite-link';
import { teamKeys } from '../api/keys';
import { useRevokeInviteLink } from '../api/revoke-invite-link';
import { COPY_CONFIRM_MS } from '../team';
import { teamTexts } from '../texts';

const t = teamTexts.invite;

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** Copies the link; where the clipboard refuses, the coach still gets it (SPEC §8). */
async function copyToClipboard(link: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(link);
    return true;
  } catch {
    window.alert(t.clipboardAlert(link));
    return false;
  }
}

/**
 * 'Invite members' (admins only): makes a new link, copies it and shows it; the team's current
 * link stays shown, with Copy, until an admin replaces or revokes it.
 * Disabled with SPEC §6's tooltip while the team's subscription is not active.
 */
export function InviteMembers({ subscribed }: { subscribed: boolean }) {
  const create = useCreateInviteLink();
  const revoke = useRevokeInviteLink();
  const queryClient = useQueryClient();
  const invite = useInviteLink().data ?? null;
  const setInvite = (link: InviteLink | null) => queryClient.setQueryData(teamKeys.inviteLink, link);
  const [copied, setCopied] = useState(false);
  const [linkCopied, setLinkCopied] = useState(false);

  useEffect(() => {
    if (!linkCopied) return;
    const timer = window.setTimeout(() => setLinkCopied(false), COPY_CONFIRM_MS);
    return () => window.clearTimeout(timer);
  }, [linkCopied]);

  // SPEC §4: '✓ Invite Link Copied' for 2 seconds, then the button resets.
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const onInvite = () =>
    create.mutate(undefined, {
      onSuccess: async (result) => {
        setInvite(result);
        setCopied(await copyToClipboard(result.link));
      },
    });

  const button = (
    <Button
      variant={copied ? 'success' : 'primary'}
      onClick={onInvite}
      disabled={!subscribed || create.isPending}
      aria-busy={create.isPending}
    >
      {copied ? t.copied : t.button}
    </Button>
  );

  return (
    <div className="mb-4">
      {subscribed ? (
        button
      ) : (
        <OverlayTrigger placement="top" overlay={<Tooltip id="team-invite-tooltip">{t.subscriptionRequired}</Tooltip>}>
          {/* A disabled button fires no pointer events; the wrapper carries the tooltip. */}
          <span className="d-inline-block" tabIndex={0} data-testid="invite-members-disabled">
            {button}
          </span>
        </OverlayTrigger>
      )}

      {invite && (
        <Form.Group className="mt-3" controlId="team-invite-link" style={{ maxWidth: 500 }}>
          <Form.Label>{t.linkLabel}</Form.Label>
          <Form.Control
            readOnly
            value={invite.link}
            onFocus={(event) => event.currentTarget.select()}
            aria-describedby="team-invite-link-hint"
          />
          <div className="d-flex flex-wrap gap-2 mt-2">
            <Button
              variant={linkCopied ? 'success' : 'outline-primary'}
              onClick={async () => setLinkCopied(await copyToClipboard(invite.link))}
            >
              {linkCopied ? t.linkCopied : t.copyLink}
            </Button>
            <Button
              variant="outline-secondary"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(undefined, { onSuccess: () => setInvite(null) })}
            >
              {revoke.isPending ? t.revoking : t.revoke}
            </Button>
          </div>
          <Form.Text id="team-invite-link-hint" className="d-block mt-2">{t.linkHint(longDate.format(new Date(invite.expiresAt)))}</Form.Text>
        </Form.Group>
      )}

      {create.isPending && (
        <div className="team-overlay" role="status" aria-live="polite">
          <BsSpinner animation="border" variant="primary" aria-hidden="true" />
          <span className="fs-5">{t.generating}</span>
        </div>
      )}
    </div>
  );
}
