/**
 * `next/link` for the static bundle: the app's href made relative to the bundle (a link within the page moves
 * by history, as Next's client navigation does); a page the bundle does not hold is shown as plain text.
 */
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from "react";
import { bundleHref, navigate } from "./bundle-state";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  href: string;
  children?: ReactNode;
  prefetch?: boolean | null;
  scroll?: boolean;
  replace?: boolean;
};

export default function Link({
  href,
  children,
  prefetch: _prefetch,
  scroll: _scroll,
  replace,
  onClick,
  ...rest
}: Props) {
  const target = bundleHref(href);
  if (target === null)
    return (
      <span className={rest.className} title="Not part of this shared copy">
        {children}
      </span>
    );
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (event.defaultPrevented || !plain || !target.samePage) return;
    event.preventDefault();
    navigate(href, replace ? "replace" : "push");
    if (target.href.includes("#")) document.getElementById(target.href.split("#")[1]!)?.scrollIntoView();
  };
  return (
    <a {...rest} href={target.href} onClick={follow}>
      {children}
    </a>
  );
}
