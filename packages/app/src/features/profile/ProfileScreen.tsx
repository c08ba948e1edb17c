// "Manage your Profile", a breadcrumb with the user's email, the name form (flip
// pattern of the change-password card) and the change-password card.
import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { authLayout as styles, ChangePasswordCard, FlipCardFaces, TextField, useFlipSave } from '../auth/index.ts';
import { session, setUserName } from '../session/index.ts';
import { updateName } from './updateName.ts';

export function ProfileScreen() {
  const { current } = useSnapshot(session);
  if (current.status !== 'signedIn') return null; // the route guard sends signed-out people to /auth
  return (
    <div style={{ maxWidth: '48rem', margin: '0 auto', padding: '2rem 1rem', display: 'grid', gap: '1.5rem' }}>
      <nav aria-label="Breadcrumb">
        <ol style={{ display: 'flex', gap: '0.5rem', listStyle: 'none', padding: 0, margin: 0 }}>
          <li>
            <Link href="/home">Home</Link> /
          </li>
          <li>Profile /</li>
          <li aria-current="page">{current.user.email}</li>
        </ol>
      </nav>
      <h1>Manage your Profile</h1>
      <NameCard name={current.user.name} />
      <ChangePasswordCard />
    </div>
  );
}

function NameCard({ name: savedName }: { name: string }) {
  const [name, setName] = useState(savedName);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { face, error, save, back } = useFlipSave();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const invalid =
      trimmed === '' ? 'Name is required' : trimmed.length > 200 ? 'Name must be at most 200 characters' : null;
    setFieldError(invalid);
    if (invalid) return;
    void save(async () => {
      const current = session.current;
      if (current.status !== 'signedIn') throw new Error('Please sign in again.');
      setUserName((await updateName(current.user, trimmed)).name);
    });
  };

  return (
    <section className={styles.card} aria-labelledby="name-title">
      <h2 id="name-title">Your name</h2>
      <FlipCardFaces face={face} error={error} onBack={back}>
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={fieldError}
          />
          <button type="submit" className={styles.primaryButton}>
            Update Name
          </button>
        </form>
      </FlipCardFaces>
    </section>
  );
}
