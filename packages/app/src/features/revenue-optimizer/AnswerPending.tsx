// What an optimizer panel shows until its answer is there: the failure as an alert, else a waiting line.
import * as css from './optimizer.css.ts';

export function AnswerPending({ error, waiting = 'Loading…' }: { error?: string | null; waiting?: string }) {
  return error ? (
    <p className={css.alert} role="alert">
      {error}
    </p>
  ) : (
    <p className={css.hint}>{waiting}</p>
  );
}
