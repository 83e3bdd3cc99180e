import { queryOptions } from "@tanstack/react-query";
import { rest } from "../rest.ts";
import type { Features } from "../rest-types.ts";

export const metaKeys = {
  features: ["meta", "features"] as const,
};

const DEFAULT_FEATURES: Features = {
  loginWithApple: false,
  loginWithGithub: false,
  loginWithGoogle: false,
  loginWithWorkos: false,
  loginWithPassword: false,
  onPremise: false,
  previewUrl: null,
};

export const featuresQuery = () =>
  queryOptions({
    queryKey: metaKeys.features,
    queryFn: async ({ signal }) => ({
      ...DEFAULT_FEATURES,
      ...(await rest.get<Partial<Features>>("/api/meta/features", { signal })),
    }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
