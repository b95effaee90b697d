import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { useNavigate } from 'react-router';
import { WeekArt } from '@/components/art/WeekArt';
import { SavingNeedsMembership } from '@/components/ui/SavingNeedsMembership';
import { useFirstName } from '@/lib/queries/first-name';
import { useRecentWeeklyMap } from '../api/get-recent-weekly-map';
import { ObjectivesList } from '../components/ObjectivesList';
import { weeklyWizard } from '../store';
import { planningTexts as t } from '../texts';

/** /weekly-map-welcome: the greeting, Start, and the latest weekly objectives (SPEC §2). */
export function WeeklyWelcomeRoute() {
  const name = useFirstName(t.athleteFallbackName);
  const recent = useRecentWeeklyMap();
  const navigate = useNavigate();

  function start() {
    // SPEC §4: a first map when weeklymaprecent did not answer 200.
    weeklyWizard.dispatch({ type: 'reset', first: !(recent.isSuccess && recent.data) });
    void navigate('/weekly-map-athletic-vision');
  }

  const weekly = recent.data;

  return (
    <Container className="swaz-hero">
      <div className="text-center planning-narrow mx-auto">
        <WeekArt />
        <p className="swaz-eyebrow mb-2">{t.weeklyMapTitle}</p>
        <h1 className="swaz-hero-title swaz-hero-title-sm mb-2">{t.weeklyWelcomeGreeting(name)}</h1>
        <p className="swaz-hero-lead mx-auto mb-4">{t.weeklyWelcomeLead}</p>
        <SavingNeedsMembership />
        <Button size="lg" className="swaz-cta" onClick={start} disabled={recent.isPending}>
          {recent.isPending ? t.starting : t.start}
        </Button>
      </div>
      {recent.isSuccess &&
        (weekly ? (
          <div className="row mt-4 justify-content-center">
            <div className="col-md-8 col-lg-6">
              <ObjectivesList
                heading={t.recentWeeklyHeading}
                testId="recent-weekly-objectives"
                values={[weekly.q6, weekly.q7, weekly.q8, weekly.q9, weekly.q10, weekly.q11]}
              />
            </div>
          </div>
        ) : (
          <p className="text-center text-muted mt-4 mb-0">{t.noRecentWeekly}</p>
        ))}
    </Container>
  );
}
