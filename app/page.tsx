export default function HomePage() {
  return (
    <main style={{ padding: '2rem' }}>
      <h1>Shop Profit Dashboard</h1>
      <p className="muted">The overview is being built.</p>
    </main>
  );
}
