import sys

from steppe.main import main

sys.exit(main())
