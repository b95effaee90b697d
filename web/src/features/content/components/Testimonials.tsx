import Col from 'react-bootstrap/Col';
import Ratio from 'react-bootstrap/Ratio';
import Row from 'react-bootstrap/Row';
import { useSite } from '../api/get-site';
import { contentTexts as t } from '../texts';

/**
 * 'People say:' (SPEC §1): the testimonial video when the operator set one
 * (SWAZ_TESTIMONIAL_VIDEO_URL, on a host the CSP allows), otherwise a poster
 * with quotes. No frame is drawn until there is a video to play in it.
 */
export function Testimonials() {
  const site = useSite();
  const videoUrl = site.data?.testimonialVideoUrl;
  const [lead, ...rest] = t.testimonials;
  const quotes = videoUrl ? t.testimonials : rest;

  return (
    <>
      {videoUrl ? (
        <Ratio aspectRatio="16x9" className="mx-auto mb-4 testimonial-media rounded overflow-hidden shadow">
          <iframe
            src={videoUrl}
            title={t.testimonialVideoTitle}
            loading="lazy"
            allow="encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            data-testid="testimonial-video"
          />
        </Ratio>
      ) : (
        <figure className="mx-auto mb-4 testimonial-media testimonial-poster rounded shadow text-white" data-testid="testimonial-poster">
          <span className="testimonial-poster-mark" aria-hidden="true">
            “
          </span>
          <blockquote className="blockquote fs-4 fw-semibold mb-3">
            <p className="mb-0">{lead.quote}</p>
          </blockquote>
          <figcaption className="text-warning">
            {lead.who} · {t.posterCaption}
          </figcaption>
        </figure>
      )}
      <Row xs={1} md={quotes.length} className="g-4">
        {quotes.map((item) => (
          <Col key={item.who}>
            <figure className="h-100 p-4 bg-body rounded shadow-sm mb-0">
              <blockquote className="blockquote fs-6">
                <p>“{item.quote}”</p>
              </blockquote>
              <figcaption className="blockquote-footer mb-0">{item.who}</figcaption>
            </figure>
          </Col>
        ))}
      </Row>
    </>
  );
}
