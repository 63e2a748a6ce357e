// Terms and Conditions (spec section 1): static legal text covering every topic and figure.
import { Link } from 'react-router-dom';

const sections: { id: string; title: string; body: string[] }[] = [
  {
    id: 'definitions',
    title: '1. Definitions',
    body: [
      '"We", "us" and "our" mean iSimulate Pty Ltd, the operator of the REALITi Community. "You" means the person or organisation using the Community. "Community" means this website, its application programming interface and the native device applications that display it. "Content" means any scenario, media file, post, comment or other material uploaded, posted or shared through the Community. "Subscription" means a paid licence to use our simulation products and the services attached to them.',
    ],
  },
  {
    id: 'contract',
    title: '2. Basis of the contract',
    body: [
      'These terms form the contract between you and us. By registering an account or using the Community you accept them. If you use the Community on behalf of an organisation, you confirm that you may bind that organisation to these terms. We may change these terms; the version published here at the time you use the Community applies.',
    ],
  },
  {
    id: 'account',
    title: '3. Your account',
    body: [
      'You must give accurate registration details and keep them up to date. You are responsible for keeping your username and password confidential and for everything done with your account. Tell us at once if you believe your account has been used without your permission. An account is personal and must not be shared.',
    ],
  },
  {
    id: 'subscription',
    title: '4. Subscription',
    body: [
      'Some products and services require a Subscription. A Subscription runs for the period shown when you buy it and covers the number of devices and the modules stated in the licence agreement. Licences are claimed and relinquished from the device app.',
    ],
  },
  {
    id: 'price',
    title: '5. Price and payment',
    body: [
      'The price of a Subscription is the price shown at the time of your order, including any taxes stated. Payment is due in advance of each Subscription period. We may change our prices for future periods; a change never affects a period you have already paid for.',
    ],
  },
  {
    id: 'renewal',
    title: '6. Renewal',
    body: [
      'A recurring Subscription renews automatically at the end of each period. We will send you a renewal notice at least 4 weeks before the Subscription expires, stating the renewal price. You may cancel a renewal within 15 days after the renewal date and receive a full refund of the renewal payment (see Cancellation and refund below).',
    ],
  },
  {
    id: 'card-security',
    title: '7. Card security',
    body: [
      'Card payments are processed by our payment provider over encrypted connections. We do not store your full card number. Never send card details to us by email or post them in the Community.',
    ],
  },
  {
    id: 'content',
    title: '8. Content handling',
    body: [
      'You keep ownership of the Content you upload. You grant us a non-exclusive, royalty-free licence to store, copy, process and display it so that the Community works as described, including making public Content visible to other users and letting them copy public scenarios. Private Content is visible only to you and to the groups you attach it to. Media is reviewed by our moderators before it can be attached to posts.',
    ],
  },
  {
    id: 'posting',
    title: '9. Posting restrictions',
    body: [
      'You must not post Content that is unlawful, defamatory, harassing, discriminatory, obscene, or that infringes anyone else\'s rights. You must not post information that identifies a real patient, including names, faces, dates of birth or record numbers. You must not post advertising, spam, malicious software or links to them, and must not try to reach data or accounts that are not yours.',
    ],
  },
  {
    id: 'offensive',
    title: '10. Removal of offensive content',
    body: [
      'Any user may report a post. We may review, hide, decline or remove any Content that we reasonably consider breaches these terms or is offensive, without notice, and may disable the account that posted it.',
    ],
  },
  {
    id: 'site-security',
    title: '11. Site security',
    body: [
      'We protect the Community with industry-standard measures, including encrypted connections, hashed passwords and access controls. No system is completely secure; you must not attempt to probe, scan or test the vulnerability of the Community or breach its security or authentication measures.',
    ],
  },
  {
    id: 'data',
    title: '12. Data storage',
    body: [
      'Your account details and Content are stored on servers we control or contract. We handle personal information as described in our Privacy Policy. We keep backups, but you should keep your own copy of any Content that matters to you.',
    ],
  },
  {
    id: 'termination',
    title: '13. Termination',
    body: [
      'You may stop using the Community and ask us to close your account at any time. We may suspend or terminate your account if you breach these terms, if your Subscription ends unpaid, or if required by law. On termination your right to use the Community ends; sections on intellectual property, liability, indemnity and miscellaneous matters continue to apply.',
    ],
  },
  {
    id: 'interruption',
    title: '14. Service interruption',
    body: [
      'We aim to keep the Community available at all times but do not guarantee uninterrupted service. We may interrupt it for maintenance, upgrades or events beyond our control, and will try to give notice of planned interruptions.',
    ],
  },
  {
    id: 'ip',
    title: '15. Intellectual property',
    body: [
      'The Community, our software, product names (including REALITi and ALSi), logos and our own content belong to us or our licensors. You may not copy, modify or distribute them except as these terms allow or as the law permits.',
    ],
  },
  {
    id: 'liability',
    title: '16. Liability',
    body: [
      'Scenarios and media are shared by users for training purposes only and are not clinical advice. To the extent the law allows, we exclude all implied warranties and are not liable for indirect or consequential loss. Our total liability to you for any claim is limited to the amount you paid us in the 12 months before the claim arose, and in any case will not exceed $1,000 in total. Nothing in these terms excludes rights you have under the Australian Consumer Law that cannot be excluded.',
    ],
  },
  {
    id: 'indemnity',
    title: '17. Indemnity',
    body: [
      'You indemnify us against any loss, damage, cost or claim arising from Content you post, your breach of these terms, or your infringement of anyone else\'s rights.',
    ],
  },
  {
    id: 'miscellaneous',
    title: '18. Miscellaneous',
    body: [
      'If we must spend time dealing with a breach of these terms by you, we may charge for that management time at $200 per hour. Notices to you may be sent by email to the address of your account or by post; a notice sent by post is deemed delivered within 72 hours of posting. Content that is not appropriate for minors is restricted for users under 18. If any part of these terms is unenforceable, the rest remains in force. A failure to enforce a term is not a waiver. These terms are governed by the law of the Australian Capital Territory, and you submit to the courts of that Territory.',
    ],
  },
  {
    id: 'cancellation',
    title: '19. Cancellation and refund',
    body: [
      'You may cancel a Subscription that has renewed by telling us within 15 days after the renewal date; we will then refund the renewal payment in full. After 15 days a renewed Subscription runs to the end of its period and is not refundable, except where the law requires otherwise.',
    ],
  },
];

export function Component() {
  return (
    <article className="card legal">
      <h1>Terms and Conditions</h1>
      <p className="muted">Please read these terms carefully before using the REALITi Community.</p>
      <nav aria-label="Contents" className="legal-toc">
        <ol>
          {sections.map((s) => (
            <li key={s.id}><a href={`#${s.id}`}>{s.title.replace(/^\d+\. /, '')}</a></li>
          ))}
        </ol>
      </nav>
      {sections.map((s) => (
        <section key={s.id} id={s.id}>
          <h2>{s.title}</h2>
          {s.body.map((p, i) => <p key={i}>{p}</p>)}
        </section>
      ))}
      <p>See also our <Link to="/privacy">Privacy Policy</Link>.</p>
    </article>
  );
}
