import type {
  BannerItem,
  Branding,
  BrandingInput,
  FontTarget,
  Palette,
  SavePaletteInput,
  SectionInput,
  StoreWithSections,
  ThemeTemplate,
} from '@shop/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiGet } from '../../lib/api';
import { tags } from '../../lib/query';

/** GET /Market/get-store-with-sections/{marketId}: published theme, draft, branding, preview token. */
export const storeWithSectionsQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.storeWithSections, marketId],
    queryFn: () => apiGet<StoreWithSections>(`/Market/get-store-with-sections/${marketId}`),
  });

/** GET /Palet/market/{marketId}: the presets, then the store's own. */
export const palettesQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.palettes, marketId],
    queryFn: () => apiGet<Palette[]>(`/Palet/market/${marketId}`),
  });

/** One change to the draft: every call answers the editor's whole view, which replaces the cached one. */
export type DraftChange =
  | { kind: 'sections'; sections: SectionInput[] }
  | { kind: 'palette'; paletteId: string }
  | { kind: 'font'; fontName: string; target: FontTarget }
  | { kind: 'template'; template: ThemeTemplate }
  | { kind: 'addSlide'; sectionId: string; item: Omit<BannerItem, 'id'> }
  | { kind: 'publish' }
  | { kind: 'discard' };

function send(marketId: string, change: DraftChange): Promise<StoreWithSections> {
  const market = encodeURIComponent(marketId);
  switch (change.kind) {
    case 'sections':
      return api('POST', `/Section/bulk-update-sections/${market}`, { sections: change.sections });
    case 'palette':
      return api('POST', `/MarketSetting/palet?marketId=${market}&paletId=${encodeURIComponent(change.paletteId)}`);
    case 'font':
      return api(
        'POST',
        `/MarketSetting/font?marketId=${market}&fontName=${encodeURIComponent(change.fontName)}&target=${change.target}`,
      );
    case 'template':
      return api('POST', `/Section/apply-template/${market}`, { template: change.template });
    case 'addSlide':
      return api('POST', '/Section/banneritem', { marketId, sectionId: change.sectionId, item: change.item });
    case 'publish':
      return api('POST', `/Section/publish/${market}`);
    case 'discard':
      return api('POST', `/Section/discard/${market}`);
  }
}

export function useDraftChange(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DraftChange) => send(marketId, change),
    onSuccess: (view) => queryClient.setQueryData(storeWithSectionsQuery(marketId).queryKey, view),
  });
}

export function useSavePalette(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: SavePaletteInput }) =>
      id ? api<Palette>('PUT', `/Palet/${id}`, input) : api<Palette>('POST', '/Palet', { ...input, marketId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: palettesQuery(marketId).queryKey }),
  });
}

export function useDeletePalette(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('DELETE', `/Palet/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: palettesQuery(marketId).queryKey }),
  });
}

/** POST /MarketSetting/brending: applies at once; the store's card in the panel follows. */
export function useSaveBranding(marketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<BrandingInput, 'marketId'>) =>
      api<Branding>('POST', '/MarketSetting/brending', { ...input, marketId }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tags.store }),
        queryClient.invalidateQueries({ queryKey: storeWithSectionsQuery(marketId).queryKey }),
      ]),
  });
}

/** The store's collections and categories as choices of a section (every status: a section may wait for one). */
export const collectionChoicesQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.storeWithSections, marketId, 'collections'],
    queryFn: async () =>
      (await apiGet<{ id: string; title: string }[]>(`/Collection/get-all-collections/${marketId}`)).map((c) => ({
        value: c.id,
        label: c.title,
      })),
  });

export const categoryChoicesQuery = (marketId: string) =>
  queryOptions({
    queryKey: [...tags.storeWithSections, marketId, 'categories'],
    queryFn: async () =>
      (await apiGet<{ id: string; name: string }[]>(`/Category/all/${marketId}`)).map((c) => ({
        value: c.id,
        label: c.name,
      })),
  });
