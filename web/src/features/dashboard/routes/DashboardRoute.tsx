import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { InstallCard } from '@/components/ui/InstallCard';
import { Spinner } from '@/components/ui/Spinner';
import { useOnline } from '@/lib/phone/online';
import { useDashboard } from '../api/get-dashboard';
import { isNewMember } from '../first-visit';
import { CheckinCard } from '../components/CheckinCard';
import { DashboardCelebration } from '../components/DashboardCelebration';
import { DailyFlow } from '../components/DailyFlow';
import { Heatmap } from '../components/Heatmap';
import { LatestObjectives } from '../components/LatestObjectives';
import { LiveCallCard } from '../components/LiveCallCard';
import { PracticeShortcuts } from '../components/PracticeShortcuts';
import { Streak } from '../components/Streak';
import { TeamFocusCard } from '../components/TeamFocusCard';
import { VisionCallout } from '../components/VisionCallout';
import { dashboardTexts as t } from '../texts';

/** /user-dashboard: today's practice, the streak and calendar, objectives and the live call. */
export function DashboardRoute() {
  const dashboard = useDashboard();
  const online = useOnline();

  if (dashboard.isPending) return <Spinner label={t.loading} />;
  if (dashboard.isError) {
    return (
      <Container className="py-5">
        <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-3">
          <span>{online ? t.loadFailed : t.loadFailedOffline}</span>
          <Button variant="outline-danger" onClick={() => void dashboard.refetch()} disabled={dashboard.isFetching}>
            {t.retry}
          </Button>
        </Alert>
      </Container>
    );
  }

  const data = dashboard.data;
  return (
    <Container className="py-4 py-md-5 dashboard">
      <header className="mb-4">
        <h1 className="mb-1">{t.greeting(data.firstName, !isNewMember(data))}</h1>
        <p className="lead text-body-secondary mb-0">{t.lead}</p>
      </header>
      {!online && (
        <Alert variant="secondary" className="dashboard-offline" role="status" data-testid="offline-marker">
          <strong>{t.offline}</strong> {t.offlineLead}
        </Alert>
      )}
      <InstallCard />
      {data.teamFocus?.trim() && <TeamFocusCard text={data.teamFocus.trim()} />}
      {!data.visionComplete && <VisionCallout />}
      <div className="row g-4 mb-4">
        <div className="col-lg-8">
          <DailyFlow checklist={data.checklist} />
        </div>
        <div className="col-lg-4">
          <Streak
            days={data.streakDays}
            allDoneToday={
              data.checklist.visionListened && data.checklist.breathingDone && data.checklist.dailyActionSaved
            }
            hidden={data.streakHidden}
            restingToday={data.heatmap.at(-1)?.rest ?? false}
          />
        </div>
      </div>
      <div className="mb-4">
        <CheckinCard />
      </div>
      <PracticeShortcuts timeZone={data.timeZone} visionComplete={data.visionComplete} />
      <div className="row g-4 mb-4">
        <div className="col-lg-6">
          <Heatmap days={data.heatmap} today={data.today} />
        </div>
        <div className="col-lg-6">
          <LiveCallCard call={data.nextLiveCall} />
        </div>
      </div>
      <LatestObjectives objectives={data.latestObjectives} />
      <DashboardCelebration figures={data} streakHidden={data.streakHidden} />
    </Container>
  );
}
