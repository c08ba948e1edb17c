// A first sign-in's phone registration, done against the identity emulator as the app's
// registration step does it: password, then enrolment with the code the emulator "sent".
interface EmulatorProject {
  origin: string;
  projectId: string;
}

export async function registerPhone(
  { origin, projectId }: EmulatorProject,
  account: { email: string; password: string; phone: string },
): Promise<void> {
  const call = async <T>(path: string, body: object): Promise<T> => {
    const response = await fetch(`${origin}/identitytoolkit.googleapis.com/${path}?key=test-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${path} for ${account.email} failed: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { idToken } = await call<{ idToken: string }>('v1/accounts:signInWithPassword', {
    email: account.email,
    password: account.password,
    returnSecureToken: true,
  });
  const start = await call<{ phoneSessionInfo: { sessionInfo: string } }>('v2/accounts/mfaEnrollment:start', {
    idToken,
    phoneEnrollmentInfo: { phoneNumber: account.phone, recaptchaToken: 'emulator' },
  });
  const { code } = await smsCodeFor({ origin, projectId }, start.phoneSessionInfo.sessionInfo);
  await call('v2/accounts/mfaEnrollment:finalize', {
    idToken,
    phoneVerificationInfo: { sessionInfo: start.phoneSessionInfo.sessionInfo, code },
  });
}

/** The code the emulator "sent" for one verification session. */
export async function smsCodeFor(
  { origin, projectId }: EmulatorProject,
  sessionInfo: string,
): Promise<{ code: string }> {
  const answer = (await (await fetch(`${origin}/emulator/v1/projects/${projectId}/verificationCodes`)).json()) as {
    verificationCodes: { sessionInfo: string; code: string }[];
  };
  const entry = answer.verificationCodes.find((candidate) => candidate.sessionInfo === sessionInfo);
  if (!entry) throw new Error('the emulator sent no code for this session');
  return entry;
}
