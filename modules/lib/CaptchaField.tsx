import { useEffect, useState } from 'react';
import { useI18n } from '../../renderer/ui.tsx';
import type { FormKind } from '../../shared/forms.ts';

/** The captcha image, its answer field and a button for another image. */
export function CaptchaField({ kind, error, round }: { kind: FormKind; error?: string; round: number }) {
  const { t } = useI18n();
  const [img, setImg] = useState<{ token: string; image: string; width: number; height: number } | null>(null);
  const [n, setN] = useState(0);
  useEffect(() => {
    let gone = false;
    fetch('/api/captcha', { headers: { accept: 'application/json' } })
      .then((r) => r.json())
      .then((b) => !gone && setImg(b))
      .catch(() => {});
    return () => {
      gone = true;
    };
  }, [round, n]);
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
      {error && (
        <p className="form-error" id={`e-${kind}-captcha`}>
          {error}
        </p>
      )}
    </div>
  );
}
