// What the upload form checks before sending, and the code it starts from.
import { PLUGIN_SLUG } from '../api/plugins-api.js';

/** The rule in words, with the pattern itself so it matches what the server will say. */
export const SLUG_RULE =
  'A slug starts with a lowercase letter, then 1–39 lowercase letters, digits or underscores (^[a-z][a-z0-9_]{1,39}$).';

/** Why `slug` cannot be sent, or undefined when it can. An empty field is not yet an error. */
export function slugProblem(slug: string): string | undefined {
  if (slug === '' || PLUGIN_SLUG.test(slug)) return undefined;
  return SLUG_RULE;
}

/** The smallest plugin that does something, so the first upload works as is. */
export const EXAMPLE_PLUGIN = `def register(kernel):
    @kernel.formula("MY_FN")
    def my_fn(x):
        # Numbers arrive as floats; an empty cell as None.
        return (x or 0) * 2
`;
