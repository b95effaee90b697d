import { Outlet, useLocation } from 'react-router';
import { ChatWidgetSlot } from '@/components/ui/ChatWidgetSlot';
import { Fade, PAGE_FADE_MS } from '@/components/ui/Fade';
import { Footer } from '@/components/ui/Footer';
import { Header } from '@/components/ui/Header';

/** Screens without the chat widget (SPEC §2). */
const CHAT_HIDDEN_ON = ['/athletic-vision', '/weekly-map-create', '/daily-action-create'];

export function AppLayout() {
  const { pathname } = useLocation();
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (
    <div className="d-flex flex-column min-vh-100">
      <Header />
      <main className="flex-grow-1 swaz-main">
        <Fade key={path} in duration={PAGE_FADE_MS}>
          <Outlet />
        </Fade>
      </main>
      <Footer />
      {!CHAT_HIDDEN_ON.includes(path) && <ChatWidgetSlot />}
    </div>
  );
}
