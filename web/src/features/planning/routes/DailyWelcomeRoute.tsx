import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { useNavigate } from 'react-router';
import { CalendarArt } from '@/components/art/CalendarArt';
import { SavingNeedsMembership } from '@/components/ui/SavingNeedsMembership';
import { useFirstName } from '@/lib/queries/first-name';
import { useRecentObjectives } from '../api/get-recent-objectives';
import { ObjectivesList } from '../components/ObjectivesList';
import { dailyWizard } from '../store';
import { planningTexts as t } from '../texts';

/** /daily-action-welcome: the greeting, Start, and the latest daily and weekly objectives (SPEC §2). */
export function DailyWelcomeRoute() {
  const name = useFirstName(t.athleteFallbackName);
  const recent = useRecentObjectives();
  const navigate = useNavigate();

  function start() {
    // SPEC §4: Start resets the wizard to order 1, empty answers, no finished response.
    dailyWizard.dispatch({ type: 'reset' });
    void navigate('/daily-action-create');
  }

  const daily = recent.data?.dailyObjectives;
  const weekly = recent.data?.weeklyMap;

  return (
    <Container className="swaz-hero">
      <div className="text-center planning-narrow mx-auto">
        <CalendarArt />
        <p className="swaz-eyebrow mb-2">{t.dailyActionTitle}</p>
        <h1 className="swaz-hero-title swaz-hero-title-sm mb-2">{t.dailyWelcomeGreeting(name)}</h1>
        <p className="swaz-hero-lead mx-auto mb-4">{t.dailyWelcomeLead}</p>
        <SavingNeedsMembership />
        <Button size="lg" className="swaz-cta" onClick={start}>
          {t.start}
        </Button>
      </div>
      {/* SPEC §8: a failed load hides this section; a 404 means nothing is saved yet. */}
      {recent.isSuccess &&
        (daily || weekly ? (
          <div className="row g-3 mt-4 justify-content-center">
            {daily && (
              <div className="col-md-6 col-lg-5">
                <ObjectivesList
                  heading={t.recentDailyHeading}
                  testId="recent-daily-objectives"
                  values={[daily.q1, daily.q2, daily.q3, daily.q4, daily.q5, daily.q6]}
                />
              </div>
            )}
            {weekly && (
              <div className="col-md-6 col-lg-5">
                <ObjectivesList
                  heading={t.recentWeeklyHeading}
                  testId="recent-weekly-objectives"
                  values={[weekly.q6, weekly.q7, weekly.q8, weekly.q9, weekly.q10, weekly.q11]}
                />
              </div>
            )}
          </div>
        ) : (
          <p className="text-center text-muted mt-4 mb-0">{t.noRecentDaily}</p>
        ))}
    </Container>
  );
}
