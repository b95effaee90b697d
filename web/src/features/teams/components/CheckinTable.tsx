import { averageText, shortDay, type CheckinFigures } from '../board';
import { teamTexts } from '../texts';

const t = teamTexts.board.checkins;

/**
 * An athlete's check-in on the board: the latest five numbers beside their 28-day averages, a
 * row per measure so it stays readable on a phone; "Check-ins not shared" when they keep them.
 */
export function CheckinTable({ checkin }: { checkin: CheckinFigures | null | undefined }) {
  if (!checkin) {
    return (
      <p className="mb-0 small text-body-secondary" data-testid="checkins-not-shared">
        {t.notShared}
      </p>
    );
  }
  const { latest, averages28 } = checkin;
  if (!latest) {
    return (
      <p className="mb-0 small text-body-secondary" data-testid="checkins-none">
        {t.none}
      </p>
    );
  }
  return (
    <table className="table table-sm team-checkins mb-0" data-testid="checkins">
      <caption className="caption-top small pt-0">{t.caption(checkin.count28)}</caption>
      <thead>
        <tr>
          <th scope="col">{t.measure}</th>
          <th scope="col" className="text-end">
            {t.latestOn(shortDay(latest.date))}
          </th>
          <th scope="col" className="text-end">
            {t.average}
          </th>
        </tr>
      </thead>
      <tbody>
        {t.measures.map(({ key, label }) => (
          <tr key={key} data-measure={key}>
            <th scope="row" className="fw-normal">
              {label}
            </th>
            <td className="text-end fw-semibold" data-testid="checkin-latest">
              {latest[key]}
            </td>
            <td className="text-end" data-testid="checkin-average">
              {averages28 ? averageText(averages28[key]) : t.noAverage}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
