import { useEffect, useState } from 'react';
import { useI18n } from '../../renderer/ui.tsx';
import type { FormKind } from '../../shared/forms.ts';

/** The captcha image, its answer field and a button for another image. */
export function CaptchaField({ kind, error, round }: { kind: FormKind; error?: string; round: number }) {
  const { t, lang } = useI18n();
  const [img, setImg] = useState<{ token: string; image: string; width: number; height: number } | null>(null);
  // The server's sentence when it draws no image (too many asked for from this address: 429).
  const [refused, setRefused] = useState('');
  const [n, setN] = useState(0);
  useEffect(() => {
    let gone = false;
    fetch(`/api/captcha?lang=${lang}`, { headers: { accept: 'application/json' } })
      .then(async (r) => {
        const b = await r.json();
        if (gone) return;
        setRefused(r.ok ? '' : String(b.error ?? ''));
        setImg(r.ok ? b : null);
      })
      .catch(() => {});
    return () => {
      gone = true;
    };
  }, [round, n, lang]);
  return (
    <div className="form-field captcha" data-invalid={error ? true : undefined}>
      <label htmlFor={`f-${kind}-captcha`}>{t('form.captcha')} *</label>
      <div className="captcha__image">
        {img ? <img src={img.image} width={img.width} height={img.height} alt={t('form.captcha.alt')} /> : <span className="captcha__placeholder" />}
        <button type="button" className="button button--ghost" onClick={() => setN((x) => x + 1)}>
          {t('form.captcha.new')}
        </button>
      </div>
      <input
        id={`f-${kind}-captcha`}
        name="captcha"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={12}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `e-${kind}-captcha` : undefined}
        key={img?.token}
      />
      <input type="hidden" name="captchaToken" value={img?.token ?? ''} />
      {refused && (
        <p className="form-error" role="status">
          {refused}
        </p>
      )}
      {error && (
        <p className="form-error" id={`e-${kind}-captcha`}>
          {error}
        </p>
      )}
    </div>
  );
}
