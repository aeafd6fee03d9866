# ctest driver (test readme_examples): the consumer, recorder and pygame examples that core/README.md shows are
# the files the tests build and run, word for word. Argument (-D): SOURCE_DIR.
file(READ ${SOURCE_DIR}/core/README.md readme)
foreach(example tests/install/consumer/CMakeLists.txt tests/install/consumer/main.cpp
                tests/record/sfml_record_on_f12.cpp tests/python/pygame_after.py)
  file(READ ${SOURCE_DIR}/${example} text)
  string(FIND "${readme}" "${text}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "core/README.md does not show ${example} as it is; copy the file into its code block")
  endif()
endforeach()
