// What the site offers as a link from CRM data (issue 40, point 6): an http(s) address or a path of
// this site, never data:, javascript: or another scheme.
import { describe, expect, it } from 'vitest';
import { isWebLink } from '../../shared/formats.ts';

describe('a web link', () => {
  it.each([
    'https://cdn.atrium-immo.be/docs/plan.pdf',
    'http://www.example.be/visite?id=3#start',
    'HTTPS://MY.MATTERPORT.COM/show/?m=abc',
    '/media/documents/epc-certificate.pdf',
    '',
  ])('takes %j', (url) => expect(isWebLink(url)).toBe(true));

  it.each([
    'data:text/html,<script>alert(document.cookie)</script>',
    'data:application/pdf;base64,JVBERi0=',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://files.example.be/plan.pdf',
    '//evil.example/x.pdf',
    'https:evil.example',
    'https://',
    'plan.pdf',
    'https://example.be/a b.pdf',
    `https://example.be/${'a'.repeat(2048)}`,
  ])('refuses %j', (url) => expect(isWebLink(url)).toBe(false));
});
