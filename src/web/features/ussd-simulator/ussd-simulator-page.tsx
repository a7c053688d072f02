import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { DEMO_ACCOUNTS, DEMO_USSD_PIN } from '@shared/demo';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { PageLoading } from '@web/components/ui/page-loading';
import { useAppConfig } from '@web/lib/config';
import { errorMessageOf } from '@web/lib/form-errors';
import { useT, withEnglish } from '@web/lib/i18n';
import { useUssdStep } from './api/simulator';
import ussdEnglish from 'english-catalogue:ussd';

// This page's English beyond the shell's, carried in this page's file (decisions/048).
withEnglish({ ussd: ussdEnglish });

const SERVICE_CODE = '*384*2024#';
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;

const newSessionId = () => `sim-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * A feature phone on the screen (demo mode only, decisions/044): it drives the same USSD menu the
 * aggregator's callback does, through POST /api/ussd/simulator, which exists only in demo mode.
 */
export default function UssdSimulatorPage() {
  const { t } = useT('ussd');
  const config = useAppConfig();
  const [phone, setPhone] = useState<string>(DEMO_ACCOUNTS.consumer.phone);
  const [input, setInput] = useState('');
  const [choices, setChoices] = useState<string[] | null>(null);
  const [sessionId, setSessionId] = useState(newSessionId);
  const [screen, setScreen] = useState<string>(t('simulator.idle', { code: SERVICE_CODE }));
  const [isOver, setIsOver] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const phoneId = useId();
  const inputId = useId();
  const step = useUssdStep({ onError: (error) => setScreen(errorMessageOf(error, t('simulator.failed'))) });

  if (config.isPending) return <PageLoading />;
  if (!config.data?.demoMode)
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">{t('simulator.title')}</h1>
        <p className="mt-4 text-muted-foreground">{t('simulator.demoOnly')}</p>
        <Link href="/" className="mt-6 inline-block underline">
          {t('simulator.home')}
        </Link>
      </div>
    );

  const send = (next: string[], session: string) =>
    step.mutate(
      { sessionId: session, serviceCode: SERVICE_CODE, phoneNumber: phone, text: next.join('*') },
      {
        onSuccess: ({ reply }) => {
          setScreen(reply.replace(/^(CON|END) /, ''));
          setIsOver(reply.startsWith('END '));
          setChoices(reply.startsWith('END ') ? null : next);
        },
      },
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (choices === null || isOver) {
      // Dialling the service code opens a session (text is empty).
      const session = newSessionId();
      setSessionId(session);
      setIsOver(false);
      setInput('');
      send([], session);
      return;
    }
    const value = input.trim();
    if (!value) return;
    setInput('');
    send([...choices, value], sessionId);
  };

  const cancel = () => {
    setChoices(null);
    setIsOver(false);
    setInput('');
    setScreen(t('simulator.idle', { code: SERVICE_CODE }));
  };

  const isInSession = choices !== null && !isOver;

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-8 md:grid-cols-[minmax(0,1fr)_22rem] md:py-12">
      <section className="order-2 space-y-4 md:order-1">
        <h1 className="text-2xl font-semibold md:text-3xl">{t('simulator.title')}</h1>
        <p className="text-muted-foreground">{t('simulator.intro')}</p>
        <ol className="list-decimal space-y-1 pl-5 text-sm">
          <li>{t('simulator.stepDial', { code: SERVICE_CODE })}</li>
          <li>{t('simulator.stepPin', { pin: DEMO_USSD_PIN })}</li>
          <li>{t('simulator.stepChoose')}</li>
        </ol>
        <div className="max-w-xs space-y-1">
          <Label htmlFor={phoneId}>{t('simulator.phone')}</Label>
          <Input
            id={phoneId}
            value={phone}
            inputMode="tel"
            autoComplete="off"
            onChange={(e) => setPhone(e.target.value)}
            disabled={isInSession}
          />
        </div>
        <p className="text-sm text-muted-foreground">{t('simulator.note')}</p>
      </section>

      <section aria-label={t('simulator.phoneLabel')} className="order-1 mx-auto w-full max-w-[20rem] md:order-2">
        <div className="rounded-[2.5rem] border-4 border-slate-700 bg-slate-800 p-4 shadow-xl">
          <div className="mb-3 text-center text-xs font-medium tracking-widest text-slate-300">CreditCheck SL</div>
          <div
            role="status"
            aria-live="polite"
            data-testid="ussd-screen"
            className="min-h-44 whitespace-pre-wrap break-words rounded-md border-2 border-slate-900 bg-lime-100 p-3 font-mono text-sm leading-snug text-slate-900"
          >
            {step.isPending ? t('simulator.waiting') : screen}
          </div>
          <form onSubmit={onSubmit} className="mt-3 space-y-3">
            <Label htmlFor={inputId} className="sr-only">
              {t('simulator.reply')}
            </Label>
            <Input
              id={inputId}
              ref={inputRef}
              value={input}
              onChange={(e) => setInput(e.target.value)}
              inputMode="numeric"
              autoComplete="off"
              disabled={!isInSession}
              placeholder={isInSession ? t('simulator.replyPlaceholder') : ''}
              className="bg-white font-mono text-slate-900"
            />
            <div className="grid grid-cols-2 gap-2">
              <Button type="submit" disabled={step.isPending} className="bg-emerald-700 text-white hover:bg-emerald-800">
                {isInSession ? t('simulator.send') : t('simulator.dial')}
              </Button>
              <Button type="button" variant="destructive" onClick={cancel}>
                {t('simulator.cancel')}
              </Button>
            </div>
            <div className="grid grid-cols-3 gap-2" aria-label={t('simulator.keypad')} role="group">
              {KEYS.map((key) => (
                <button
                  key={key}
                  type="button"
                  disabled={!isInSession}
                  onClick={() => {
                    setInput((value) => value + key);
                    inputRef.current?.focus();
                  }}
                  className="h-11 rounded-lg bg-slate-600 font-mono text-lg text-white hover:bg-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-60"
                >
                  {key}
                </button>
              ))}
            </div>
          </form>
        </div>
      </section>
    </div>
  );
}
