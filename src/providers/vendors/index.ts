// The vendor adapters, one per provider id.
import type { ProviderId } from '../provider-ids.js';
import { anthropicVendor } from './anthropic.js';
import { geminiVendor } from './gemini.js';
import { groqVendor } from './groq.js';
import { openrouterVendor } from './openrouter.js';
import type { Vendor } from './vendor.js';

export type { JsonMode, ModelFactory, Vendor, VendorClientOptions } from './vendor.js';

export const VENDORS: Readonly<Record<ProviderId, Vendor>> = {
  gemini: geminiVendor,
  anthropic: anthropicVendor,
  groq: groqVendor,
  openrouter: openrouterVendor,
};
