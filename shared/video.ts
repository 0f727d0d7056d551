/** Video and virtual-tour URL detection (SPEC §5 "Helpers"). Pure: no React, no Node APIs. */
import { isEmpty } from './localize.ts';

export type VideoKind = 'file' | 'youtube' | 'vimeo' | 'facebook' | 'matterport' | 'tvl' | 'yisual';

/** What a video URL is: its kind, the URL as given (trimmed), and for players an embeddable URL and id. */
export interface VideoInfo {
  kind: VideoKind;
  url: string;
  embedUrl?: string;
  id?: string;
}

/** Extensions played by the browser's own video element (case-insensitive). */
export const VIDEO_FILE_EXTENSIONS = ['mp4', 'mov', 'wmv', 'avi', 'flv', 'webm'] as const;
/** A YouTube video id is exactly this long. */
export const YOUTUBE_ID_LENGTH = 11;
/** YouTube embeds use the privacy-enhanced (no cookie) host. */
export const YOUTUBE_EMBED_BASE = 'https://www.youtube-nocookie.com/embed/';
export const VIMEO_EMBED_BASE = 'https://player.vimeo.com/video/';
/** Facebook's video plugin takes the video page URL as `href`. */
export const FACEBOOK_EMBED_BASE = 'https://www.facebook.com/plugins/video.php?href=';

/** Hosts by kind, matched on the hostname or a suffix after a dot (m.youtube.com, my.matterport.com). */
export const VIDEO_HOSTS = {
  youtube: ['youtube.com', 'youtube-nocookie.com'],
  youtubeShort: ['youtu.be'],
  vimeo: ['vimeo.com'],
  facebook: ['facebook.com'],
  facebookShort: ['fb.watch'],
  matterport: ['matterport.com'],
  tvl: ['tvl.be'],
} as const;
/** Yisual tours are served from yisual.<tld> (yisual.com, yisual.nl, …) and their subdomains. */
const YISUAL_HOST = /(^|\.)yisual\.[a-z]{2,}$/;

const FILE_PATTERN = new RegExp(`\\.(${VIDEO_FILE_EXTENSIONS.join('|')})$`, 'i');
const YOUTUBE_ID = new RegExp(`^[A-Za-z0-9_-]{${YOUTUBE_ID_LENGTH}}$`);
/** YouTube paths that carry the id as the next segment. */
const YOUTUBE_ID_PATHS = ['embed', 'shorts', 'v', 'live'];

/** True when `hostname` is one of `hosts` or a subdomain of one. */
export function hostMatches(hostname: string, hosts: readonly string[]): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return hosts.some((s) => h === s || h.endsWith(`.${s}`));
}

/** True when the path (query string and fragment ignored) ends in a video file extension. */
export function isVideoFile(url: string): boolean {
  return FILE_PATTERN.test(url.split(/[?#]/, 1)[0]);
}

/** An absolute http(s) URL; a scheme-less 'www.host/…' or 'host.tld/…' is read as https. Else null. */
function parseWebUrl(text: string): URL | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : /^[\w-]+(\.[\w-]+)+(\/|$)/.test(text) ? `https://${text}` : null;
  if (!withScheme) return null;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The 11-character id of a YouTube watch, shorts, embed or youtu.be URL; null otherwise. */
export function youtubeId(url: URL): string | null {
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined;
  if (hostMatches(url.hostname, VIDEO_HOSTS.youtubeShort)) id = segments[0];
  else if (segments[0] === 'watch') id = url.searchParams.get('v');
  else if (YOUTUBE_ID_PATHS.includes(segments[0] ?? '')) id = segments[1];
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The numeric id of a Vimeo URL: vimeo.com/{number} (or player.vimeo.com/video/{number}); null otherwise. */
export function vimeoId(url: URL): string | null {
  const segments = url.pathname.split('/').filter(Boolean);
  const id = segments[0] === 'video' ? segments[1] : segments[0];
  return id && /^\d+$/.test(id) ? id : null;
}

/**
 * Whether a facebook.com URL is a video: …/videos/… or /watch?v=…. Returns the video id when the URL
 * carries one ('' when it is a video URL without a numeric id), null when it is no video URL.
 */
function facebookVideoId(url: URL): string | null {
  const segments = url.pathname.split('/').filter(Boolean);
  const at = segments.indexOf('videos');
  if (at >= 0) {
    const id = segments.slice(at + 1).find((s) => /^\d+$/.test(s));
    return id ?? (segments.length > at + 1 ? '' : null);
  }
  if (segments[0] === 'watch') {
    const v = url.searchParams.get('v');
    return v && v.trim() !== '' ? v : null;
  }
  return null;
}

/**
 * Detects what a video URL points to (SPEC §5): a video file by extension (mp4, mov, wmv, avi, flv,
 * webm; any case; query string and fragment ignored; relative paths allowed), YouTube (needs an
 * 11-character id; embedded from youtube-nocookie.com), Vimeo ({host}/{number}), Facebook video URLs
 * (facebook.com/…/videos/…, facebook.com/watch?v=…) or fb.watch, and Matterport, tvl.be and Yisual
 * tours by hostname suffix (embedded as given). Empty (SPEC §5), unparseable, non-http(s), unknown
 * hosts and player URLs without a valid id give null.
 */
export function detectVideo(raw: string | null | undefined): VideoInfo | null {
  if (isEmpty(raw)) return null;
  const text = raw!.trim();
  const url = parseWebUrl(text);

  if (isVideoFile(text) && (url !== null || !/^[a-z][a-z0-9+.-]*:/i.test(text))) return { kind: 'file', url: text };
  if (!url) return null;
  const host = url.hostname;

  if (hostMatches(host, VIDEO_HOSTS.youtube) || hostMatches(host, VIDEO_HOSTS.youtubeShort)) {
    const id = youtubeId(url);
    return id ? { kind: 'youtube', url: text, id, embedUrl: `${YOUTUBE_EMBED_BASE}${id}` } : null;
  }
  if (hostMatches(host, VIDEO_HOSTS.vimeo)) {
    const id = vimeoId(url);
    return id ? { kind: 'vimeo', url: text, id, embedUrl: `${VIMEO_EMBED_BASE}${id}` } : null;
  }
  if (hostMatches(host, VIDEO_HOSTS.facebookShort)) {
    const id = url.pathname.split('/').filter(Boolean)[0];
    return id ? { kind: 'facebook', url: text, id, embedUrl: `${FACEBOOK_EMBED_BASE}${encodeURIComponent(text)}` } : null;
  }
  if (hostMatches(host, VIDEO_HOSTS.facebook)) {
    const id = facebookVideoId(url);
    if (id === null) return null;
    return { kind: 'facebook', url: text, ...(id ? { id } : {}), embedUrl: `${FACEBOOK_EMBED_BASE}${encodeURIComponent(text)}` };
  }
  if (hostMatches(host, VIDEO_HOSTS.matterport)) {
    const id = url.searchParams.get('m');
    return { kind: 'matterport', url: text, embedUrl: text, ...(id ? { id } : {}) };
  }
  if (hostMatches(host, VIDEO_HOSTS.tvl)) return { kind: 'tvl', url: text, embedUrl: text };
  if (YISUAL_HOST.test(host.toLowerCase())) return { kind: 'yisual', url: text, embedUrl: text };
  return null;
}
