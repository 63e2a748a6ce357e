// The frame of the public pages (login, register, terms...) and the footer every page shows. Its
// own module, free of the signed-in shell's start-up work, so the build can render the login
// screen in Node (src/client/prerender/login.tsx).
import { Link, Outlet } from 'react-router-dom';
import { useFirstScreen } from '../lib/first-screen';

export function Footer() {
  return (
    <footer className="footer">
      <Link to="/terms">Terms and Conditions</Link>
      <Link to="/privacy">Privacy Policy</Link>
      <Link to="/accessibility">Accessibility</Link>
      <span>© {new Date().getFullYear()} iSimulate Pty Ltd. All rights reserved.</span>
    </footer>
  );
}

/** Public pages (login, register, terms...) have no navigation. */
export function PublicLayout() {
  useFirstScreen();
  return (
    <div className="app public">
      <main className="main narrow" id="main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
