// The Localização map (Leaflet + OpenStreetMap tiles). Fallback: the place as text and a link to
// OpenStreetMap, which stays under the map. Leaflet's stylesheet is one of our own static assets;
// its URL comes in the props and is added to the page only when a map mounts. The loader mounts
// it when it scrolls into view (`data-lazy`).
//
// Plain DOM, no React: Leaflet draws the map itself, React would only add its weight.
import { circleMarker, map as leafletMap, tileLayer } from 'leaflet';
import type { MapProps } from './generated/props';

function ensureCss(href?: string): void {
  if (!href || document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.appendChild(link);
}

export function mount(el: HTMLElement, { lat, lon, label, css }: MapProps): void {
  ensureCss(css);
  const box = document.createElement('div');
  box.className = 'ilha-mapa';
  box.setAttribute('role', 'region');
  box.setAttribute('aria-label', `Mapa: ${label}`);
  el.prepend(box);
  const m = leafletMap(box, { scrollWheelZoom: false }).setView([lat, lon], 11);
  tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
    maxZoom: 18,
    attribution: '&copy; colaboradores do OpenStreetMap',
  }).addTo(m);
  circleMarker([lat, lon], { radius: 9, color: '#1b5e20', fillOpacity: 0.8 }).addTo(m).bindTooltip(label);
}
