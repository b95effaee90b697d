import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { contentTexts } from '../texts';

/**
 * What SWAZ stores, who sees it, how long it is kept, and how to export or
 * delete it. Keep it in step with the server's tables (server/migrations).
 */
export function PrivacyRoute() {
  return (
    <Container className="py-5 prose">
      <h1>{contentTexts.privacyTitle}</h1>
      <p className="lead">
        SWAZ is a mental-training app for athletes. This policy explains what we store about you, why, who can see
        it, how long we keep it, and how you can take it with you or have it deleted.
      </p>

      <h2 className="h4">What we store</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your first and last name, e-mail address, a salted hash of your password
          (never the password itself), your time zone, when you confirmed your e-mail, and your sign-in sessions with
          the browser name and IP address they came from.
        </li>
        <li>
          <strong>Your Athletic Vision:</strong> the answers you write to the nine questions, and each earlier
          version when you revise it, so you can look back at how your vision grew.
        </li>
        <li>
          <strong>Daily actions and weekly maps:</strong> your reviews, ratings and plans (objectives, Mind, Body,
          Soul), with the date you saved them.
        </li>
        <li>
          <strong>Practice events:</strong> when you listened to your vision, did the breathing exercise, or saved a
          daily action or weekly map. They make your streak and calendar on the dashboard.
        </li>
        <li>
          <strong>Team membership:</strong> the team you belong to, your role in it, and invitations you accept or
          that a team admin sends.
        </li>
        <li>
          <strong>Payments:</strong> your plan, the state of your membership and your invoices. Card payments are
          handled by our card processor (Stripe); SWAZ never sees or stores your full card number; the billing page
          shows the card brand, last four digits and expiry date that the card processor reports.
        </li>
        <li>
          <strong>E-mails we send you:</strong> a copy of each message (confirmation, password reset, reminders you
          switched on, team notices) with when it was sent, so that delivery can be retried and checked.
        </li>
        <li>
          <strong>Contact messages:</strong> the name, e-mail address, subject and message you send through the{' '}
          <Link to="/contact">contact form</Link>. A copy is e-mailed to the SWAZ team so we can reply.
        </li>
        <li>
          <strong>Abuse protection:</strong> your IP address is counted for a few minutes to limit repeated sign-in
          attempts and contact messages; those counts are deleted within a day.
        </li>
      </ul>
      <p>We do not sell your data, show advertising, or use third-party tracking or analytics in the app.</p>

      <h2 className="h4">Who sees it</h2>
      <ul>
        <li>
          <strong>You</strong> see everything you write: your vision and its versions, your plans, logs and practice
          history.
        </li>
        <li>
          <strong>Team admins</strong> see only the names and roles of the members of their team. They never see
          your vision, your daily actions, your weekly maps or your practice history.
        </li>
        <li>
          <strong>The SWAZ operator</strong> runs the service and can access the database to keep it working, to
          answer your requests and to meet legal obligations. We look at your written answers only when you ask us to
          (for example, to help with a problem).
        </li>
        <li>
          <strong>Service providers</strong> process data on our behalf: the card processor for payments and our
          e-mail provider for sending mail. They receive only what they need for that job.
        </li>
      </ul>

      <h2 className="h4">How long we keep it</h2>
      <ul>
        <li>Your account and everything you wrote are kept for as long as your account exists.</li>
        <li>
          When you delete your account, your profile, vision and its versions, daily actions, weekly maps, practice
          events, sessions and team membership are deleted.
        </li>
        <li>
          Invoices and payment records are kept for as long as tax and accounting law requires (typically up to seven
          years), even after the account is deleted.
        </li>
        <li>Contact messages are kept while we answer and follow up, and at most 12 months.</li>
      </ul>

      <h2 className="h4">Export or delete your data</h2>
      <p>
        On the <Link to="/account">account page</Link> you can download an export of your data (your profile, vision
        and its versions, daily actions, weekly maps and practice history) and delete your account. If you cannot sign in, or want us to correct
        something, write to us through the <Link to="/contact">contact form</Link> and we will answer within 30 days.
      </p>

      <h2 className="h4">Changes</h2>
      <p>
        If this policy changes in a way that matters, we will tell members by e-mail before the change takes effect.
      </p>
    </Container>
  );
}
