/** Query keys of the public content. */
export const contentKeys = {
  athletes: ['GetInspiration'] as const,
  athlete: (athlete: string) => ['GetInspiration', athlete] as const,
  site: ['GetSite'] as const,
};
