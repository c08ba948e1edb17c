// What a screen shows for something that is not there for this user (an id that does not exist, or
// one of another organisation's, which the API answers alike) or a page this user may not open here:
// a heading, what happened in a sentence, and the way back.
import { Link } from 'wouter';
import { secondaryButton } from './button.css.ts';
import * as css from './notFound.css.ts';

export function NotFound({
  title,
  message,
  detail,
  back,
}: {
  title: string;
  message: string;
  detail?: string;
  back: { label: string; href: string };
}) {
  return (
    <section className={css.box} aria-labelledby="not-found-title">
      <h1 id="not-found-title" className={css.title}>
        {title}
      </h1>
      <p role="alert" className={css.message}>
        {message}
      </p>
      {detail && <p className={css.message}>{detail}</p>}
      <Link href={back.href} className={secondaryButton}>
        {back.label}
      </Link>
    </section>
  );
}
