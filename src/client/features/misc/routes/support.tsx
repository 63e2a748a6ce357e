// Support (/me/support): contact offices for Australia, America and Europe.
const offices = [
  { region: 'Australia', name: 'iSimulate Pty Ltd', address: 'Canberra, ACT, Australia', phone: '+61 2 6100 0000', email: 'support@isimulate.com', hours: 'Mon-Fri 9:00-17:00 AEST' },
  { region: 'America', name: 'iSimulate Inc.', address: 'Albany, NY, United States', phone: '+1 877 000 0000', email: 'support.us@isimulate.com', hours: 'Mon-Fri 9:00-17:00 EST' },
  { region: 'Europe', name: 'iSimulate GmbH', address: 'Kiel, Germany', phone: '+49 431 000 0000', email: 'support.eu@isimulate.com', hours: 'Mon-Fri 9:00-17:00 CET' },
];

export function Component() {
  return (
    <section>
      <h1>Support</h1>
      <p className="muted">Contact the office nearest to you.</p>
      <div className="grid offices">
        {offices.map((o) => (
          <section key={o.region} className="card" aria-labelledby={`office-${o.region}`}>
            <h2 id={`office-${o.region}`}>{o.region}</h2>
            <p><strong>{o.name}</strong><br />{o.address}</p>
            <p>
              Phone: <a href={`tel:${o.phone.replace(/\s/g, '')}`}>{o.phone}</a><br />
              Email: <a href={`mailto:${o.email}`}>{o.email}</a><br />
              <span className="muted">{o.hours}</span>
            </p>
          </section>
        ))}
      </div>
    </section>
  );
}
