// Privacy Policy (spec section 1): users must be 13 or older; 16 to consent in some countries.
import { Link } from 'react-router-dom';

export const PRIVACY_EMAIL = 'privacy@isimulate.com';

export function Component() {
  return (
    <article className="card legal">
      <h1>Privacy Policy</h1>
      <p>This policy explains what personal information the REALITi Community collects, why, and what you can do about it.</p>
      <h2>Who may use the Community</h2>
      <p>
        You must be 13 years of age or older to use the Community. In some countries you must be 16 or older to consent to
        the processing of your personal information; if you are younger than that in your country, a parent or guardian must
        consent for you.
      </p>
      <h2>What we collect</h2>
      <p>
        Your name, email address, username, optional telephone number and organisation; the scenarios, media and posts you
        share; and technical information such as the device ID and product reported by the device app, sign-in times and the
        distributor you registered through.
      </p>
      <h2>How we use it</h2>
      <p>
        To run your account, show your contributions to other users as you choose, send you account emails (verification and
        password reset) and notifications, manage device licences, and keep the Community secure. We do not sell your
        personal information.
      </p>
      <h2>Your choices</h2>
      <p>
        You can update your details on your profile, keep scenarios and media private, and ask us for a copy of your
        information or to delete your account.
      </p>
      <h2>Contact</h2>
      <p>
        Questions or requests about privacy: <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>.
      </p>
      <p>See also our <Link to="/terms">Terms and Conditions</Link>.</p>
    </article>
  );
}
