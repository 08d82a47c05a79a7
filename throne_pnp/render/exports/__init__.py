"""Components gathered for one purpose: the print-and-play pack, images for
print-on-demand services, and the Tabletop Simulator save."""
