// The Localização map (Leaflet + OpenStreetMap tiles). Fallback: the place as text and a link to
// OpenStreetMap, which stays under the map. Leaflet's stylesheet is one of our own static assets;
// its URL comes in the props and is added to the page only when a map mounts.
import { useEffect, useRef } from 'react';
import { circleMarker, map as leafletMap, tileLayer } from 'leaflet';
import type { MapProps } from './generated/props';
import { island } from './mount';

/** The props, and the server's fallback (place and link) read before React replaces it. */
type Props = MapProps & { fallbackHtml?: string };

function ensureCss(href?: string) {
  if (!href || document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  document.head.appendChild(link);
}

export default function MapIsland({ lat, lon, label, css, fallbackHtml }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ensureCss(css);
    if (!box.current) return;
    const m = leafletMap(box.current, { scrollWheelZoom: false }).setView([lat, lon], 11);
    tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
      maxZoom: 18,
      attribution: '&copy; colaboradores do OpenStreetMap',
    }).addTo(m);
    circleMarker([lat, lon], { radius: 9, color: '#1b5e20', fillOpacity: 0.8 }).addTo(m).bindTooltip(label);
    return () => {
      m.remove();
    };
  }, [lat, lon, label, css]);
  return (
    <div>
      <div ref={box} className="ilha-mapa" role="region" aria-label={`Mapa: ${label}`} />
      {fallbackHtml ? <div dangerouslySetInnerHTML={{ __html: fallbackHtml }} /> : null}
    </div>
  );
}

export const mount = island(MapIsland, (el) => {
  const copy = el.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('script').forEach((s) => s.remove());
  return { fallbackHtml: copy.innerHTML };
});
