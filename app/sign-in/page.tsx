import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "@/components/ui/link";
import { SignInForm, SignOutButton } from "@/components/sign-in/sign-in-form";
import styles from "@/components/sign-in/sign-in.module.css";
import { readToken, safeEqual, safeNext, SESSION_COOKIE, sessionValue } from "@/lib/api/read-gate";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Where a browser lands when TALLY_READ_TOKEN is set and it has no session yet (the proxy sends it here). */
export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const next = safeNext(first(params.next));
  const error = first(params.error);
  const read = readToken();
  const session = (await cookies()).get(SESSION_COOKIE)?.value;
  const signedIn = read !== undefined && session !== undefined && (await safeEqual(session, await sessionValue(read)));

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Sign in</h1>
          {read === undefined ? null : (
            <p>This Tally server is private: enter its read token to see runs, reports and comparisons.</p>
          )}
        </div>
      </div>
      {read === undefined ? (
        <div className="callout callout-info">
          This server has no read token, so everything is open without signing in. <Link href={next}>Continue</Link>
        </div>
      ) : signedIn ? (
        <div className={`card ${styles.panel}`}>
          <p className={styles.note}>This browser is signed in.</p>
          <div className={styles.actions}>
            <Link className="button button-primary" href={next}>
              Continue
            </Link>
            <SignOutButton />
          </div>
        </div>
      ) : (
        <SignInForm next={next} initialProblem={error === "rejected" || error === "missing" ? error : null} />
      )}
    </>
  );
}
