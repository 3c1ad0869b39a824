export function SiteLayout({ siteName, children }: { siteName: string; children: React.ReactNode }) {
  return (
    <>
      <header className="border-b">
        <a href="/" className="font-bold">
          {siteName || "Academy"}
        </a>
      </header>
      {children}
      <footer className="border-t p-4 text-sm">© 2025 {siteName}</footer>
    </>
  );
}
