import Button from 'react-bootstrap/Button';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { phoneTexts as t } from './phone-texts';
import './phone.css';

/**
 * Registers the service worker and, when a new version of SWAZ is waiting, asks before using it:
 * a reload in the middle of the bedtime routine would stop the voice and the breathing.
 */
export default function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <div className="swaz-update shadow" role="status" data-testid="update-prompt">
      <span className="me-auto">{t.updateReady}</span>
      <Button variant="link" className="swaz-touch text-white" onClick={() => setNeedRefresh(false)}>
        {t.updateLater}
      </Button>
      <Button variant="warning" className="swaz-touch" onClick={() => void updateServiceWorker(true)}>
        {t.updateReload}
      </Button>
    </div>
  );
}
