// Accessibility statement (open to all, linked from the footer): the standard aimed at, what is
// known not to meet it yet, and whom to tell about a barrier.
import { Link } from 'react-router-dom';

export const ACCESSIBILITY_EMAIL = 'accessibility@isimulate.com';

export function Component() {
  return (
    <article className="card legal">
      <h1>Accessibility Statement</h1>
      <p>
        We want every educator to be able to use the REALITi Community, whatever the way they read, move around or take in
        a page: with a screen reader, the keyboard alone, voice control, magnification or a device set to reduce motion.
      </p>
      <h2>The standard we aim at</h2>
      <p>
        The Community aims to conform to the{' '}
        <a href="https://www.w3.org/TR/WCAG22/" rel="noopener noreferrer">Web Content Accessibility Guidelines (WCAG) 2.2</a>{' '}
        at level AA. Every screen is checked with the axe rules for WCAG 2.0, 2.1 and 2.2 levels A and AA each time the
        Community is built, signed out, as a member and as an administrator, and the main journeys (signing in, posting
        with an attachment, uploading, joining a group, reviewing media) are checked with the keyboard alone. It has not
        yet been audited by hand with a screen reader on an iPad.
      </p>
      <h2>What already works</h2>
      <ul>
        <li>Every screen has its own title; moving to a new screen announces it and puts the focus on its heading.</li>
        <li>Dialogs keep the focus inside while they are open, close with Escape and give the focus back.</li>
        <li>Everything can be done with the keyboard, and the focus is always visible.</li>
        <li>Pages reflow down to 320 pixels wide and respect the text spacing and reduced-motion settings of your device.</li>
        <li>
          Images carry a text alternative: the upload screen asks for it as each image arrives, the Edit Media screen
          changes it, and an image cannot be made public without one. Posts, cards and media screens use it.
        </li>
        <li>
          Videos take a captions file (WebVTT) on the upload and Edit Media screens, and play it; administrators see
          whether a video has captions when they review it.
        </li>
        <li>
          Upload progress, the state of items waiting to sync (&apos;3 items waiting to sync&apos;, &apos;All sent&apos;),
          confirmations and form errors are announced to screen readers; errors straight away.
        </li>
      </ul>
      <h2>What does not meet the standard yet</h2>
      <ul>
        <li>
          Images shared before text alternatives were asked for may still have none; they are described by their name
          until their contributor adds one (WCAG 1.1.1).
        </li>
        <li>
          Videos uploaded without a captions file have no captions, and none has an audio description (WCAG 1.2.2,
          1.2.5): captions are asked for but not required.
        </li>
        <li>
          The charts of the training management screens and of the administrators&apos; analytics are drawn as pictures;
          their figures are not yet all given as text (WCAG 1.1.1).
        </li>
        <li>Scenario files opened in the device apps and the web editor are outside this statement.</li>
      </ul>
      <p>We are working on each of these and will update this statement as they are fixed.</p>
      <h2>Tell us about a barrier</h2>
      <p>
        If something in the Community stops you, or you need content in another format, write to{' '}
        <a href={`mailto:${ACCESSIBILITY_EMAIL}`}>{ACCESSIBILITY_EMAIL}</a> with the address of the page and what happened.
        Signed-in members can also reach our offices from the <Link to="/me/support">Support</Link> page.
      </p>
      <p className="muted">This statement was last reviewed in November 2026.</p>
    </article>
  );
}
