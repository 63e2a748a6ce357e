// Placeholder for screens that a later piece of work builds.
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="card">
      <h1>{title}</h1>
      <p className="muted">This part of the community is coming soon.</p>
    </section>
  );
}
