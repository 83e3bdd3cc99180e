import { z } from "zod";

/** A template's card colour and icon: left out keeps it, null resets it (the values are checked by the command). */
export const setTemplateAppearanceInput = z.object({
  templateId: z.string("Name the template (templateId)."),
  color: z.string("The colour must be text.").nullish(),
  iconUrl: z.string("The icon must be text.").nullish(),
});
