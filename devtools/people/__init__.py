"""People standing idle, read from the data in ../shared/people/ (issue 32): the reference
Pepper's idle motion is measured against. Python 2.7/3 single-source, numpy 1.8 APIs but
for the plots and the GIF; never shipped in the .pkg."""
