import Card from 'react-bootstrap/Card';
import { PracticeCalendar } from '@/components/ui/PracticeCalendar';
import type { HeatmapDay } from '@/components/ui/practice-calendar';
import { dashboardTexts } from '../texts';

const t = dashboardTexts.heatmap;

/** The last 12 weeks as a picture: one column per week, one row per weekday, colour by count. */
export function Heatmap({ days, today }: { days: HeatmapDay[]; today: string }) {
  return (
    <Card className="h-100 shadow-sm" as="section" aria-labelledby="heatmap-heading">
      <Card.Body>
        <h2 id="heatmap-heading" className="h5 mb-3">
          {t.heading}
        </h2>
        <PracticeCalendar
          days={days}
          today={today}
          summary={t.summary}
          cellLabel={t.cell}
          less={t.less}
          more={t.more}
          testId="heatmap"
        />
      </Card.Body>
    </Card>
  );
}
