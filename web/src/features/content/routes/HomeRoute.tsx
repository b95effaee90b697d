import { useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import dailyFlowImage from '@/assets/step-daily-flow.svg';
import liveCallImage from '@/assets/step-live-call.svg';
import visionImage from '@/assets/step-vision.svg';
import { Fade, PAGE_FADE_MS } from '@/components/ui/Fade';
import { StepCard } from '../components/StepCard';
import { Testimonials } from '../components/Testimonials';
import { contentTexts as t } from '../texts';

const STEP_IMAGES = [visionImage, dailyFlowImage, liveCallImage];

/** Never stuck hidden: a slow image network shows the page anyway after this long. */
export const HOME_REVEAL_TIMEOUT_MS = 3000;

function JoinNow({ light = false }: { light?: boolean }) {
  return (
    <Link to="choose-a-plan" className={`btn btn-lg fw-bold px-5 ${light ? 'btn-warning' : 'btn-primary'}`}>
      {t.joinNow}
    </Link>
  );
}

/** The landing page; it stays hidden until its three step images have loaded (SPEC §2). */
export function HomeRoute() {
  const [settled, setSettled] = useState(0);
  const [timedOut, setTimedOut] = useState(false);
  const ready = timedOut || settled >= STEP_IMAGES.length;
  // A failed image settles too (onError), so only a hanging one waits for the time-out.
  const onImageSettled = () => setSettled((n) => n + 1);

  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), HOME_REVEAL_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div style={{ visibility: ready ? 'visible' : 'hidden' }} aria-busy={!ready} data-testid="home">
      <Fade in={ready} duration={PAGE_FADE_MS}>
        <section className="hero text-white text-center">
          <Container className="py-5">
            <p className="text-uppercase fw-semibold text-warning mb-2">SWAZ</p>
            <h1 className="display-5 fw-bold mb-3">{t.heroTitle}</h1>
            <p className="lead mb-4 mx-auto hero-lead">{t.heroLead}</p>
            <JoinNow light />
          </Container>
        </section>

        <section className="py-5" aria-labelledby="steps-title">
          <Container>
            <h2 id="steps-title" className="text-center mb-4">
              {t.stepsTitle}
            </h2>
            <Row xs={1} md={3} className="g-4">
              {t.steps.map((step, i) => (
                <Col key={step.title}>
                  <StepCard
                    index={i + 1}
                    title={step.title}
                    text={step.text}
                    image={STEP_IMAGES[i]}
                    onImageSettled={onImageSettled}
                  />
                </Col>
              ))}
            </Row>
            <p className="text-center fs-5 mt-5 mb-4">{t.priceLine}</p>
            <div className="text-center">
              <JoinNow />
            </div>
          </Container>
        </section>

        <section className="py-5 bg-body-tertiary" aria-labelledby="people-say">
          <Container>
            <h2 id="people-say" className="text-center mb-4">
              {t.testimonialsTitle}
            </h2>
            <Testimonials />
          </Container>
        </section>

        <section className="py-5 text-center">
          <Container>
            <h2 className="mb-4">{t.closing}</h2>
            <JoinNow />
          </Container>
        </section>
      </Fade>
    </div>
  );
}
