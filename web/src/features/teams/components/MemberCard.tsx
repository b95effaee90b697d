import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import { displayName, roleBadge, type TeamMember, type TeamRole } from '../team';
import { teamTexts } from '../texts';

const t = teamTexts.members;

interface MemberCardProps {
  member: TeamMember;
  isMe: boolean;
  myRole: TeamRole;
  promoting: boolean;
  onRemove: (member: TeamMember) => void;
  onPromote: (member: TeamMember) => void;
  onLeave: () => void;
}

/**
 * One member (SPEC §3, §4, §6): name, '(me)', role badge. An admin may remove
 * others and ask a member to become co-admin; a non-admin may leave. An admin
 * sees no Leave button for self.
 */
export function MemberCard({ member, isMe, myRole, promoting, onRemove, onPromote, onLeave }: MemberCardProps) {
  const name = displayName(member, t.unknown);
  const badge = roleBadge(member.role);
  const amAdmin = myRole === 'admin';
  return (
    <Col>
      <Card className="h-100 shadow-sm" data-testid="team-member">
        <Card.Body className="d-flex flex-column gap-3">
          <div className="d-flex align-items-start justify-content-between gap-2">
            <Card.Title as="h4" className="h6 mb-0 text-break">
              {name}
              {isMe && <span className="text-body-secondary fw-normal ms-1">{t.me}</span>}
            </Card.Title>
            {badge && (
              <Badge bg={badge.bg} text={badge.text} pill>
                {t.badges[member.role]}
              </Badge>
            )}
          </div>
          {amAdmin && !isMe && (
            <div className="mt-auto d-flex flex-wrap gap-2">
              {member.role === 'member' && (
                <Button size="sm" variant="outline-primary" disabled={promoting} onClick={() => onPromote(member)}>
                  {t.promote}
                </Button>
              )}
              <Button size="sm" variant="outline-danger" onClick={() => onRemove(member)}>
                {t.remove}
              </Button>
            </div>
          )}
          {!amAdmin && isMe && (
            <div className="mt-auto">
              <Button size="sm" variant="outline-danger" onClick={onLeave}>
                {t.leave}
              </Button>
            </div>
          )}
        </Card.Body>
      </Card>
    </Col>
  );
}
