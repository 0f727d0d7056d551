/**
 * The one layout of every mail the site sends (requests, confirmations, search alerts, portal
 * mails): the agency's name as a header, the body, and an optional small print line (an
 * unsubscribe link). Mail clients ignore <style> blocks, so styles are inline.
 */
import { escapeHtml as esc } from '../http/request.ts';

export interface MailParts {
  subject: string;
  text: string;
  html: string;
}

export function mailLayout(o: { agency: string; lang: string; body: string; smallPrint?: string }): string {
  const small = o.smallPrint ? `<p style="font-size:12px;color:#5b6272;margin-top:24px">${o.smallPrint}</p>` : '';
  return `<!DOCTYPE html><html lang="${esc(o.lang)}"><body style="margin:0;background:#faf7f2;font-family:Arial,Helvetica,sans-serif;color:#1d2230"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px"><table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:10px"><tr><td style="background:#1f2a44;color:#ffffff;padding:18px 24px;font-family:Georgia,serif;font-size:20px;border-radius:10px 10px 0 0">${esc(o.agency)}</td></tr><tr><td style="padding:24px;line-height:1.5">${o.body}${small}</td></tr></table></td></tr></table></body></html>`;
}

/** Plain text as mail paragraphs (blank lines part them), links made clickable. */
export function textToHtml(text: string): string {
  return text
    .split('\n\n')
    .map(
      (para) =>
        `<p>${esc(para)
          .replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')
          .replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
}

/** An unsubscribe (or similar) link for the small print. */
export const smallLink = (url: string, label: string) => `<a href="${esc(url)}" style="color:#5b6272">${esc(label)}</a>`;
