import Button, { type ButtonProps } from 'antd/es/button';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

/**
 * A link that looks like a button: one <a href> (a button inside a link, or a link inside
 * a button, is two tab stops and invalid HTML), navigating within the app like <Link>;
 * a modified click (new tab, new window) is left to the browser.
 */
export function ButtonLink({ to, ...button }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to);
  return <Button {...button} href={href} onClick={(event: MouseEvent<HTMLElement>) => navigate(event as MouseEvent<HTMLAnchorElement>)} />;
}
