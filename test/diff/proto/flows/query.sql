SELECT o.name AS slice_out, i.name AS slice_in FROM flow f
JOIN slice o ON f.slice_out = o.id JOIN slice i ON f.slice_in = i.id ORDER BY f.id;
