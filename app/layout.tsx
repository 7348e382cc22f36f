import type { Metadata } from "next";
import { GeistMono } from "geist/font/mono";
import { GeistSans } from "geist/font/sans";
import Link from "@/components/ui/link";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Tally", template: "%s · Tally" },
  description: "What your agent-eval scores mean: checks, dimensions, rollouts, comparisons and what-ifs.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className={`${GeistSans.variable} ${GeistMono.variable}`}>
      <body>
        <header className="topbar">
          <Link href="/" className="brand" aria-label="Tally home">
            <span className="brand-mark" aria-hidden>
              ▮▮▯
            </span>
            Tally
          </Link>
          <nav className="topnav" aria-label="Main">
            <Link href="/">Runs</Link>
            <Link href="/compare">Compare</Link>
            <Link href="/upload" className="button button-primary button-small">
              Upload results
            </Link>
          </nav>
        </header>
        <main className="page">{children}</main>
      </body>
    </html>
  );
}
