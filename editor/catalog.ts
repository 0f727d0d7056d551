/**
 * What the pickers choose from (issue 14: "a picker by title, never an id"): the pages and the
 * articles in their newest versions, loaded once per session and again after a change that adds,
 * renames or removes one.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { api, type ArticleSummary, type PageSummary } from './api.ts';
import { useSession } from './store.ts';

interface Catalog {
  pages: PageSummary[] | null;
  /** The site has no home page (deleted): visitors get the 404 page at /nl/, /fr/, /en/. */
  homeMissing: boolean;
  articles: ArticleSummary[] | null;
  loadPages(): Promise<void>;
  loadArticles(): Promise<void>;
}

export const useCatalog = create<Catalog>((set) => ({
  pages: null,
  homeMissing: false,
  articles: null,
  async loadPages() {
    try {
      const r = await api.pages();
      set({ pages: r.pages, homeMissing: !!r.homeMissing });
    } catch (e) {
      useSession.getState().expired(e);
    }
  },
  async loadArticles() {
    try {
      set({ articles: (await api.articles()).articles });
    } catch (e) {
      useSession.getState().expired(e);
    }
  },
}));

/** The pages (loaded on first use). */
export function usePages(): PageSummary[] | null {
  const pages = useCatalog((s) => s.pages);
  useEffect(() => {
    if (!pages) void useCatalog.getState().loadPages();
  }, [pages]);
  return pages;
}

/** The articles (loaded on first use). */
export function useArticles(): ArticleSummary[] | null {
  const articles = useCatalog((s) => s.articles);
  useEffect(() => {
    if (!articles) void useCatalog.getState().loadArticles();
  }, [articles]);
  return articles;
}
