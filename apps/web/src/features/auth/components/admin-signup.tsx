import { useState } from 'react';
import { AdminSignupStepOne, type Credentials } from './admin-signup-step-one';
import { AdminSignupStepTwo } from './admin-signup-step-two';

/** Admin sign-up: initial → create-workspace (after the e-mail check) → submitting. */
export function AdminSignup() {
  const [step, setStep] = useState<'initial' | 'create-workspace'>('initial');
  const [credentials, setCredentials] = useState<Credentials>({ email: '', password: '' });
  if (step === 'create-workspace') {
    return <AdminSignupStepTwo credentials={credentials} onBack={() => setStep('initial')} />;
  }
  return (
    <AdminSignupStepOne
      initial={credentials}
      onDone={(next) => {
        setCredentials(next);
        setStep('create-workspace');
      }}
    />
  );
}
